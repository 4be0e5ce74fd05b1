'use client';

import { Button } from './button';
import { Modal } from './modal';

/**
 * "Delete this?" in a small dialog, open while there is a question: the question, then cancel
 * and confirm. Escape and the close button cancel, as the cancel button does. For lists whose
 * catalogue has `deleteTitle`, `cancel` and `confirmDelete` (saved cards, family members).
 */
export function ConfirmDeleteDialog({
  question,
  onCancel,
  onConfirm,
  t,
}: {
  /** Undefined while nothing is to be deleted (the dialog is closed). */
  question: string | undefined;
  onCancel: () => void;
  onConfirm: () => void;
  t: (key: 'deleteTitle' | 'cancel' | 'confirmDelete') => string;
}) {
  return (
    <Modal open={question !== undefined} onClose={onCancel} title={t('deleteTitle')} closeLabel={t('cancel')}>
      <p className="text-slate-800">{question}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button onClick={onConfirm}>{t('confirmDelete')}</Button>
      </div>
    </Modal>
  );
}
