'use client';

import { useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { FamilyMember } from '@/lib/contracts/family';
import { useAddFamilyMember, useFamily } from '@/lib/api-client/booking';
import { useDeleteFamilyMember, useUpdateFamilyMember } from '@/lib/api-client/account';
import { apiErrorMessage, isSessionLost, sessionExpiredUrl, SERVER_MESSAGE } from '@/lib/api-client/error-message';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Modal } from '@/components/ui/modal';
import { applyServerFieldErrors, useFocusFirstInvalid } from '@/components/ui/form-errors';
import { useToast } from '@/components/ui/toast';
import {
  FAMILY_MEMBER_FIELDS,
  FamilyMemberFields,
  useFamilyMemberForm,
} from '@/components/family/family-member-fields';

const fullName = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`;

/** A YYYY-MM-DD date in the page's language, read as a calendar day (no time zone shift). */
function formatDay(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale === 'es' ? 'es' : 'en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * Family Members tab (SPEC.md sections 2-4): the list loaded on entry (prefetched by the
 * page under the hook's key), add and edit in a dialog validated by the shared contract (a child
 * may be under 16, the date may not be in the future), delete after confirmation. Edit and
 * delete show at once and are put back, with a toast, if the server refuses.
 */
export function FamilyPanel() {
  const t = useTranslations('family');
  const tf = useTranslations('fields');
  const te = useTranslations('errors');
  const locale = useLocale();
  const toast = useToast();
  const family = useFamily();
  const remove = useDeleteFamilyMember();
  const [editing, setEditing] = useState<FamilyMember | 'new'>();
  const [deleting, setDeleting] = useState<FamilyMember>();
  const [notice, setNotice] = useState('');
  const addButton = useRef<HTMLButtonElement>(null);
  const list = family.data ?? [];

  function confirmDelete() {
    const member = deleting!;
    setDeleting(undefined);
    setNotice('');
    remove.mutate(member.id, {
      onSuccess: () => setNotice(t('deleted', { name: fullName(member) })),
      onError: (error) => {
        if (isSessionLost(error)) return window.location.assign(sessionExpiredUrl(locale));
        toast.error(apiErrorMessage(error, { offline: te('offline'), generic: t('deleteFailed') }));
      },
    });
    addButton.current?.focus();
  }

  return (
    <div className="space-y-5">
      <p className="text-slate-700">{t('intro')}</p>
      <Button ref={addButton} onClick={() => setEditing('new')}>
        {t('add')}
      </Button>
      <p role="status" className="text-sm text-slate-800 empty:hidden">
        {notice}
      </p>
      {family.isPending ? (
        <p className="text-slate-700">{t('loading')}</p>
      ) : family.isError ? (
        <div className="space-y-2">
          <p className="text-red-800">{t('loadFailed')}</p>
          <Button variant="secondary" onClick={() => void family.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="text-slate-700">{t('empty')}</p>
      ) : (
        <ul aria-label={t('listLabel')} className="space-y-3">
          {list.map((member) => {
            const name = fullName(member);
            return (
              <li
                key={member.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-300 p-4"
              >
                <div>
                  <h3 className="font-semibold text-slate-900">{name}</h3>
                  <p className="text-sm text-slate-700">
                    {t('details', {
                      relationship: t(`relationships.${member.relationship}`),
                      gender: tf(`genders.${member.gender}`),
                      date: formatDay(member.dateOfBirth, locale),
                    })}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button variant="secondary" aria-label={t('editNamed', { name })} onClick={() => setEditing(member)}>
                    {t('edit')}
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={t('deleteNamed', { name })}
                    onClick={() => setDeleting(member)}
                  >
                    {t('delete')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <Modal
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing === 'new' || !editing ? t('addTitle') : t('editTitle', { name: fullName(editing) })}
        closeLabel={t('cancel')}
        size="md"
      >
        {editing !== undefined ? (
          <FamilyMemberForm
            member={editing === 'new' ? undefined : editing}
            onCancel={() => setEditing(undefined)}
            onSaved={(text) => {
              setEditing(undefined);
              setNotice(text);
            }}
          />
        ) : null}
      </Modal>

      <ConfirmDeleteDialog
        question={deleting ? t('deleteQuestion', { name: fullName(deleting) }) : undefined}
        onCancel={() => setDeleting(undefined)}
        onConfirm={confirmDelete}
        t={t}
      />
    </div>
  );
}

function FamilyMemberForm({
  member,
  onSaved,
  onCancel,
}: {
  member?: FamilyMember;
  onSaved: (notice: string) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('family');
  const te = useTranslations('errors');
  const locale = useLocale();
  const toast = useToast();
  const add = useAddFamilyMember();
  const update = useUpdateFamilyMember();
  const [alert, setAlert] = useState<string>();
  const { formRef, onInvalid, focusFirst } = useFocusFirstInvalid();
  const form = useFamilyMemberForm(member);
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (body) => {
    setAlert(undefined);
    try {
      if (member) {
        const saved = await update.mutateAsync({ id: member.id, body });
        onSaved(t('updated', { name: fullName(saved) }));
      } else {
        const saved = await add.mutateAsync(body);
        onSaved(t('added', { name: fullName(saved) }));
      }
    } catch (error) {
      if (isSessionLost(error)) return window.location.assign(sessionExpiredUrl(locale));
      const fields = applyServerFieldErrors(error, setError, FAMILY_MEMBER_FIELDS);
      if (fields.length) return focusFirst(fields);
      const message = apiErrorMessage(error, {
        offline: te('offline'),
        generic: member ? t('updateFailed') : t('addFailed'),
        byCode: { notFound: SERVER_MESSAGE },
      });
      setAlert(message);
      // The list behind the dialog showed the edit already and has just been put back: say so.
      if (member) toast.error(message);
    }
  }, onInvalid);

  const busy = isSubmitting;
  return (
    <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-4">
      <FormAlert>{alert}</FormAlert>
      <FamilyMemberFields form={form} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? (member ? t('saving') : t('adding')) : member ? t('save') : t('add')}
        </Button>
      </div>
    </form>
  );
}
