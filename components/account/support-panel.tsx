'use client';

import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, supportRequestSchema } from '@/lib/contracts/support';
import { charCount } from '@/lib/contracts/validation';
import { useSendSupportRequest } from '@/lib/api-client/account';
import { apiErrorMessage, isSessionLost, sessionExpiredUrl, SERVER_MESSAGE } from '@/lib/api-client/error-message';
import { Button } from '@/components/ui/button';
import { FieldError, FieldHint, controlClass, fieldA11y, labelClass } from '@/components/ui/field-help';
import { FormAlert } from '@/components/ui/form-alert';
import { TextField } from '@/components/ui/text-field';
import { applyServerFieldErrors, useErrorText, useFocusFirstInvalid } from '@/components/ui/form-errors';
import { useToast } from '@/components/ui/toast';
import { SupportContactList } from '@/components/shell/support-contact-list';
import '@/lib/contracts/zod-config';
import type { z } from 'zod';

type Input = z.input<typeof supportRequestSchema>;
type Output = z.output<typeof supportRequestSchema>;
const EMPTY: Input = { subject: '', message: '' };

/**
 * Support tab (SPEC.md sections 3 and 7): subject and description with a characters-left
 * counter, sent as PUT /v4/supportEmail (`subject`, `message`); the support phone and email
 * shown beside it, the same as the header's contact dialog.
 */
export function SupportPanel() {
  const t = useTranslations('support');
  const te = useTranslations('errors');
  const tf = useTranslations('fields');
  const locale = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const send = useSendSupportRequest();
  const [alert, setAlert] = useState<string>();
  const { formRef, onInvalid, focusFirst } = useFocusFirstInvalid();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(supportRequestSchema),
    shouldFocusError: false,
    defaultValues: EMPTY,
  });
  const id = useId();
  const messageError = errorText(errors.message?.message, SUPPORT_MESSAGE_MAX);
  const { hintId, errorId, controlProps } = fieldA11y(id, { hint: t('descriptionHint'), error: messageError });
  const counterId = `${id}-counter`;
  const left = SUPPORT_MESSAGE_MAX - charCount(watch('message') ?? '');

  const onSubmit = handleSubmit(async (body) => {
    setAlert(undefined);
    try {
      await send.mutateAsync(body);
      toast.success(t('sent'));
      reset(EMPTY);
    } catch (error) {
      if (isSessionLost(error)) return window.location.assign(sessionExpiredUrl(locale));
      const fields = applyServerFieldErrors(error, setError, ['subject', 'message']);
      if (fields.length) return focusFirst(fields);
      setAlert(
        apiErrorMessage(error, {
          offline: te('offline'),
          generic: t('failed'),
          byCode: { tooManyAttempts: SERVER_MESSAGE },
        }),
      );
    }
  }, onInvalid);

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_16rem]">
      <div>
        <p className="mb-4 text-slate-700">{t('intro')}</p>
        <FormAlert>{alert}</FormAlert>
        <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-4">
          <TextField
            label={t('subject')}
            isRequired
            // Said, not enforced with maxLength: the browser would cut pasted text without a word.
            hint={tf('lengthHint', { max: SUPPORT_SUBJECT_MAX })}
            autoComplete="off"
            error={errorText(errors.subject?.message, SUPPORT_SUBJECT_MAX)}
            {...register('subject')}
          />
          <div>
            <label htmlFor={id} className={labelClass}>
              {t('description')}
            </label>
            <textarea
              id={id}
              rows={6}
              maxLength={SUPPORT_MESSAGE_MAX}
              aria-required
              {...controlProps}
              aria-describedby={[controlProps['aria-describedby'], counterId].filter(Boolean).join(' ')}
              {...register('message')}
              className={controlClass}
            />
            <FieldHint id={hintId}>{t('descriptionHint')}</FieldHint>
            <p id={counterId} className="mt-1 text-sm text-slate-600">
              {t('left', { count: left })}
            </p>
            <FieldError id={errorId}>{messageError}</FieldError>
          </div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('submitting') : t('submit')}
          </Button>
        </form>
      </div>
      <aside aria-labelledby={`${id}-contact`} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <h3 id={`${id}-contact`} className="font-semibold text-slate-900">
          {t('contactHeading')}
        </h3>
        <SupportContactList
          variant="icons"
          emailLabel={t('emailLabel')}
          phoneLabel={t('phoneLabel')}
          className="mt-3 space-y-3"
        />
      </aside>
    </div>
  );
}
