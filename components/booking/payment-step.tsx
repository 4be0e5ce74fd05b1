'use client';

import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import type { PaymentMethod, SavedCard } from '@/lib/contracts/cards';
import type { PaymentClientConfig } from '@/lib/contracts/payment-config';
import { useCards, useDeleteCard, useSetDefaultCard } from '@/lib/api-client/booking';
import { apiErrorMessage, isSessionLost, sessionExpiredUrl, SERVER_MESSAGE } from '@/lib/api-client/error-message';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Modal } from '@/components/ui/modal';
import { formatFee } from '@/components/provider/format';
import { brandName } from '@/components/cards/card-brand';
import {
  cardFormSchema,
  cvvSize,
  digitsOf,
  EMPTY_CARD,
  expiryParts,
  type CardFormValues,
} from '@/components/cards/card-form-schema';
import { NewCardFields } from '@/components/cards/new-card-fields';
import { CardTokenError, tokenizeCard } from './tokenize-card';

/** How the flow pays: `fingerprint` tells a retry of the same attempt from a new one; `make` tokenises only when needed. */
export interface PaymentChoice {
  fingerprint: string;
  make: () => Promise<PaymentMethod>;
}

const NEW_CARD = 'new';

/**
 * Step 3 (SPEC.md sections 3 and 4, "Card payment"): a saved card (type, last four, default
 * flag; make default; delete after confirmation) or a new card, tokenised in the browser so
 * only opaque data is sent. A refused payment shows the server's message here and leaves the
 * form as it was.
 */
export function PaymentStep({
  feeCents,
  paymentConfig,
  pending,
  error,
  onPay,
  onBack,
}: {
  feeCents: number;
  paymentConfig: PaymentClientConfig;
  pending: boolean;
  error?: ReactNode;
  onPay: (choice: PaymentChoice) => void;
  onBack: () => void;
}) {
  const t = useTranslations('booking.payment');
  const tc = useTranslations('booking.card');
  const te = useTranslations('errors');
  const locale = useLocale();
  const cards = useCards();
  const setDefault = useSetDefaultCard();
  const deleteCard = useDeleteCard();
  const id = useId();
  const [method, setMethod] = useState<string>();
  const [deleting, setDeleting] = useState<SavedCard>();
  const [notice, setNotice] = useState('');
  const [cardAlert, setCardAlert] = useState<string>();
  const [tokenError, setTokenError] = useState<string>();
  const list = cards.data ?? [];
  // The default card is chosen at first; a new card when none is saved.
  const chosen =
    method && (method === NEW_CARD || list.some((c) => c.id === method)) ? method : (list[0]?.id ?? NEW_CARD);

  const cardForm = useForm<CardFormValues>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: EMPTY_CARD,
    shouldFocusError: false,
  });
  const { handleSubmit, setError, watch } = cardForm;
  const size = cvvSize(watch('cardNumber'));
  const formRef = useRef<HTMLFormElement>(null);

  function focusFirst(names: string[]) {
    const order = ['cardNumber', 'expiry', 'name', 'cardCode'];
    const first = order.find((name) => names.includes(name));
    if (first) window.setTimeout(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus(), 0);
  }

  function failed(error: unknown, generic: string) {
    if (isSessionLost(error)) {
      window.location.assign(sessionExpiredUrl(locale));
      return;
    }
    setCardAlert(
      apiErrorMessage(error, {
        offline: te('offline'),
        generic,
        byCode: { notFound: SERVER_MESSAGE, paymentUnavailable: SERVER_MESSAGE },
      }),
    );
  }

  const submitNewCard = handleSubmit(
    (card) => {
      setTokenError(undefined);
      const { month, year } = expiryParts(card.expiry);
      onPay({
        // Never stored anywhere: it only tells the flow whether this is the same attempt again.
        fingerprint: JSON.stringify(['new', card]),
        make: async () => {
          try {
            const opaqueData = await tokenizeCard(
              {
                cardNumber: digitsOf(card.cardNumber),
                month,
                year,
                cardCode: card.cardCode.trim(),
                fullName: card.name.trim(),
              },
              paymentConfig,
            );
            return { kind: 'newCard', opaqueData, saveCard: card.saveCard, isPrimary: card.saveCard && card.isPrimary };
          } catch (failure) {
            if (failure instanceof CardTokenError) {
              // The tokeniser's refusals go on the field they are about; anything else is "try again".
              const fields = { number: 'cardNumber', expiry: 'expiry', cvv: 'cardCode' } as const;
              const named = failure.errors.flatMap((e) => (e === 'unavailable' ? [] : [fields[e]]));
              for (const name of named) {
                setError(name, {
                  type: 'tokenizer',
                  message:
                    name === 'cardNumber'
                      ? 'booking.card.numberInvalid'
                      : name === 'expiry'
                        ? 'booking.card.expiryInvalid'
                        : size === 4
                          ? 'booking.card.cvv4'
                          : 'booking.card.cvv3',
                });
              }
              if (named.length) focusFirst(named);
              else setTokenError(tc('unavailable'));
            }
            throw failure;
          }
        },
      });
    },
    (invalid) => focusFirst(Object.keys(invalid)),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (chosen === NEW_CARD) {
      void submitNewCard(event);
      return;
    }
    onPay({
      fingerprint: JSON.stringify(['saved', chosen]),
      make: async () => ({ kind: 'savedCard', cardId: chosen }),
    });
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-6" aria-labelledby="booking-step-heading">
      <p className="text-lg text-slate-900">{t('due', { fee: formatFee(feeCents, locale) })}</p>
      <FormAlert>{error ?? tokenError}</FormAlert>
      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold text-slate-900">{t('legend')}</legend>
        {cards.isPending ? (
          <p role="status" className="text-slate-700">
            {t('loadingCards')}
          </p>
        ) : cards.isError ? (
          <p className="text-sm text-red-700">{t('cardsFailed')}</p>
        ) : null}
        <ul className="space-y-2">
          {list.map((card) => {
            const label = t('savedCard', { brand: brandName(card.brand), last4: card.last4 });
            return (
              <li
                key={card.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white p-3"
              >
                <span className="flex items-center gap-3">
                  <input
                    id={`${id}-${card.id}`}
                    type="radio"
                    name="paymentMethod"
                    value={card.id}
                    checked={chosen === card.id}
                    onChange={() => setMethod(card.id)}
                    className="size-5 accent-brand-700"
                  />
                  <label htmlFor={`${id}-${card.id}`} className="text-slate-900">
                    {label}
                    {card.isPrimary ? (
                      <span className="ml-2 rounded bg-brand-100 px-2 py-0.5 text-sm font-semibold text-brand-900">
                        {t('default')}
                      </span>
                    ) : null}
                  </label>
                </span>
                <span className="flex gap-1">
                  {!card.isPrimary ? (
                    <button
                      type="button"
                      disabled={setDefault.isPending}
                      onClick={() => {
                        setCardAlert(undefined);
                        setDefault.mutate(card.id, {
                          onSuccess: () => setNotice(t('defaultSet', { card: label })),
                          onError: (failure) => failed(failure, t('setDefaultFailed')),
                        });
                      }}
                      aria-label={t('makeDefaultNamed', { card: label })}
                      className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-brand-800 underline underline-offset-2"
                    >
                      {t('makeDefault')}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    onClick={() => setDeleting(card)}
                    aria-label={t('deleteNamed', { card: label })}
                    className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-red-800 underline underline-offset-2"
                  >
                    {t('delete')}
                  </button>
                </span>
              </li>
            );
          })}
          <li className="flex items-center gap-3 rounded-lg border border-slate-300 bg-white p-3">
            <input
              id={`${id}-new`}
              type="radio"
              name="paymentMethod"
              value={NEW_CARD}
              checked={chosen === NEW_CARD}
              onChange={() => setMethod(NEW_CARD)}
              className="size-5 accent-brand-700"
            />
            <label htmlFor={`${id}-new`} className="text-slate-900">
              {t('newCard')}
            </label>
          </li>
        </ul>
        <p role="status" className="text-sm text-slate-800">
          {notice}
        </p>
        <FormAlert>{cardAlert}</FormAlert>
      </fieldset>

      {chosen === NEW_CARD ? (
        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold text-slate-900">{tc('legend')}</legend>
          <NewCardFields form={cardForm} saveChoice />
        </fieldset>
      ) : null}

      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={onBack} disabled={pending}>
          {t('back')}
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? t('paying') : t('pay', { fee: formatFee(feeCents, locale) })}
        </Button>
      </div>

      <Modal
        open={Boolean(deleting)}
        onClose={() => setDeleting(undefined)}
        title={t('deleteTitle')}
        closeLabel={t('cancel')}
      >
        <p className="text-slate-800">
          {deleting
            ? t('deleteQuestion', { card: t('savedCard', { brand: brandName(deleting.brand), last4: deleting.last4 }) })
            : null}
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setDeleting(undefined)}>
            {t('cancel')}
          </Button>
          <Button
            disabled={deleteCard.isPending}
            onClick={() => {
              const card = deleting!;
              setCardAlert(undefined);
              deleteCard.mutate(card.id, {
                onSuccess: () => {
                  setNotice(
                    t('deleted', { card: t('savedCard', { brand: brandName(card.brand), last4: card.last4 }) }),
                  );
                  if (method === card.id) setMethod(undefined);
                },
                onError: (failure) => failed(failure, t('deleteFailed')),
                onSettled: () => setDeleting(undefined),
              });
            }}
          >
            {t('confirmDelete')}
          </Button>
        </div>
      </Modal>
    </form>
  );
}
