'use client';

import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import type { SavedCard } from '@/lib/contracts/cards';
import type { PaymentClientConfig } from '@/lib/contracts/payment-config';
import { useCards } from '@/lib/api-client/booking';
import { useDeleteCardOptimistic, useSaveCard, useSetDefaultCardOptimistic } from '@/lib/api-client/account';
import { tokenizeCard } from '@/lib/api-client/card-tokenizer';
import { apiErrorMessage, isSessionLost, sessionExpiredUrl, SERVER_MESSAGE } from '@/lib/api-client/error-message';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { brandName } from './card-brand';
import { cardFormSchema, cvvSize, digitsOf, EMPTY_CARD, expiryParts, type CardFormValues } from './card-form-schema';
import { NewCardFields } from './new-card-fields';

const CARD_FIELDS = ['cardNumber', 'expiry', 'name', 'cardCode'] as const;
/** Server refusals whose message says what to do (declined, suspicious, gateway down...). */
const CARD_CODES = {
  invalidCard: SERVER_MESSAGE,
  paymentDeclined: SERVER_MESSAGE,
  paymentSuspicious: SERVER_MESSAGE,
  paymentCooldown: SERVER_MESSAGE,
  paymentDuplicate: SERVER_MESSAGE,
  paymentUnavailable: SERVER_MESSAGE,
  notFound: SERVER_MESSAGE,
} as const;

/**
 * Saved cards (SPEC.md sections 3-4 "Card payment"), in the My Profile tab under the id
 * `saved-cards` the account menu links to: type, last four and the default flag; make default and
 * delete (after confirmation) show at once and are put back with a toast if refused; a new card
 * is tokenised in the browser (Accept.js or the sandbox, `paymentConfig` from the server page)
 * and only its opaque data is sent.
 */
export function SavedCardsSection({ paymentConfig }: { paymentConfig: PaymentClientConfig }) {
  const t = useTranslations('cards');
  const te = useTranslations('errors');
  const locale = useLocale();
  const toast = useToast();
  const cards = useCards();
  const setDefault = useSetDefaultCardOptimistic();
  const remove = useDeleteCardOptimistic();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<SavedCard>();
  const [notice, setNotice] = useState('');
  const addButton = useRef<HTMLButtonElement>(null);
  const list = cards.data ?? [];
  const label = (card: SavedCard) => t('savedCard', { brand: brandName(card.brand), last4: card.last4 });

  function failed(error: unknown, generic: string) {
    if (isSessionLost(error)) return window.location.assign(sessionExpiredUrl(locale));
    toast.error(apiErrorMessage(error, { offline: te('offline'), generic, byCode: CARD_CODES }));
  }

  function makeDefault(card: SavedCard) {
    setNotice('');
    setDefault.mutate(card.id, {
      onSuccess: () => setNotice(t('defaultSet', { card: label(card) })),
      onError: (error) => failed(error, t('setDefaultFailed')),
    });
  }

  function confirmDelete() {
    const card = deleting!;
    setDeleting(undefined);
    setNotice('');
    remove.mutate(card.id, {
      onSuccess: () => setNotice(t('deleted', { card: label(card) })),
      onError: (error) => failed(error, t('deleteFailed')),
    });
    addButton.current?.focus();
  }

  return (
    <section
      id="saved-cards"
      aria-labelledby="saved-cards-heading"
      className="scroll-mt-28 space-y-4 border-t border-slate-200 pt-6"
    >
      <h3 id="saved-cards-heading" className="text-lg font-semibold text-slate-900">
        {t('heading')}
      </h3>
      <p className="text-slate-700">{t('intro')}</p>
      <p role="status" className="text-sm text-slate-800 empty:hidden">
        {notice}
      </p>
      {cards.isPending ? (
        <p className="text-slate-700">{t('loading')}</p>
      ) : cards.isError ? (
        <p className="text-red-800">{t('loadFailed')}</p>
      ) : list.length === 0 ? (
        <p className="text-slate-700">{t('empty')}</p>
      ) : (
        <ul aria-label={t('listLabel')} className="space-y-2">
          {list.map((card) => (
            <li
              key={card.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-300 p-3"
            >
              <span className="text-slate-900">
                {label(card)}
                {card.isPrimary ? (
                  <span className="ml-2 rounded bg-brand-100 px-2 py-0.5 text-sm font-semibold text-brand-900">
                    {t('default')}
                  </span>
                ) : null}
              </span>
              <span className="flex gap-2">
                {!card.isPrimary ? (
                  <Button
                    variant="secondary"
                    aria-label={t('makeDefaultNamed', { card: label(card) })}
                    onClick={() => makeDefault(card)}
                  >
                    {t('makeDefault')}
                  </Button>
                ) : null}
                <Button
                  variant="secondary"
                  aria-label={t('deleteNamed', { card: label(card) })}
                  onClick={() => setDeleting(card)}
                >
                  {t('delete')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Button ref={addButton} onClick={() => setAdding(true)}>
        {t('add')}
      </Button>

      <Modal open={adding} onClose={() => setAdding(false)} title={t('add')} closeLabel={t('cancel')} size="md">
        {adding ? (
          <AddCardForm
            paymentConfig={paymentConfig}
            onCancel={() => setAdding(false)}
            onSaved={(card) => {
              setAdding(false);
              setNotice(t('added', { card: label(card) }));
            }}
          />
        ) : null}
      </Modal>

      <ConfirmDeleteDialog
        question={deleting ? t('deleteQuestion', { card: label(deleting) }) : undefined}
        onCancel={() => setDeleting(undefined)}
        onConfirm={confirmDelete}
        t={t}
      />
    </section>
  );
}

function AddCardForm({
  paymentConfig,
  onSaved,
  onCancel,
}: {
  paymentConfig: PaymentClientConfig;
  onSaved: (card: SavedCard) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('cards');
  const tc = useTranslations('booking.card');
  const te = useTranslations('errors');
  const locale = useLocale();
  const save = useSaveCard();
  const [alert, setAlert] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  // Saved whatever the checkbox of the payment step would say: this form exists to save a card.
  const form = useForm<CardFormValues>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { ...EMPTY_CARD, saveCard: true },
    shouldFocusError: false,
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  function focusFirst(names: string[]) {
    const first = CARD_FIELDS.find((name) => names.includes(name));
    if (first) window.setTimeout(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus(), 0);
  }

  const onSubmit = handleSubmit(
    async (card) => {
      setAlert(undefined);
      const { month, year } = expiryParts(card.expiry);
      const token = await tokenizeCard(
        {
          cardNumber: digitsOf(card.cardNumber),
          month,
          year,
          cardCode: card.cardCode.trim(),
          fullName: card.name.trim(),
        },
        paymentConfig,
      );
      if (!token.ok) {
        // The tokeniser names the field it refused; anything else is not the patient's to fix.
        const fields: string[] = [];
        for (const failure of token.errors) {
          if (failure === 'number') setError('cardNumber', { message: tc('numberInvalid') });
          if (failure === 'expiry') setError('expiry', { message: tc('expiryInvalid') });
          if (failure === 'cvv')
            setError('cardCode', { message: cvvSize(card.cardNumber) === 4 ? tc('cvv4') : tc('cvv3') });
          if (failure === 'unavailable') setAlert(t('unavailable'));
          else fields.push(failure === 'number' ? 'cardNumber' : failure === 'cvv' ? 'cardCode' : failure);
        }
        focusFirst(fields);
        return;
      }
      try {
        onSaved(await save.mutateAsync({ opaqueData: token.opaqueData, isPrimary: card.isPrimary }));
      } catch (error) {
        if (isSessionLost(error)) return window.location.assign(sessionExpiredUrl(locale));
        setAlert(apiErrorMessage(error, { offline: te('offline'), generic: t('addFailed'), byCode: CARD_CODES }));
      }
    },
    (invalid) => focusFirst(Object.keys(invalid)),
  );

  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-4">
      <FormAlert>{alert}</FormAlert>
      <NewCardFields form={form} saveChoice={false} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}
