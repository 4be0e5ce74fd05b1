'use client';

import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { RELATIONSHIPS, familyMemberRequestSchema, type FamilyMember } from '@/lib/contracts/family';
import { GENDERS } from '@/lib/contracts/user';
import { MAX_NAME_LENGTH } from '@/lib/contracts/validation';
import { useErrorText } from '@/components/ui/form-errors';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import '@/lib/contracts/zod-config';
import type { z } from 'zod';

/*
 * A family member's fields (SPEC.md section 3: the patient fields plus relationship), one
 * markup for both places a patient adds one: the account area's Family Members tab
 * (components/account/family-panel.tsx, add and edit in a dialog) and the booking's "who is the
 * visit for" (components/booking/patient-field.tsx, inline). Both validate with the /v4
 * contract, familyMemberRequestSchema (a child may be under 16, no date in the future).
 */

export type FamilyMemberInput = z.input<typeof familyMemberRequestSchema>;
export type FamilyMemberOutput = z.output<typeof familyMemberRequestSchema>;
export type FamilyMemberForm = UseFormReturn<FamilyMemberInput, unknown, FamilyMemberOutput>;

/** The contract's fields, in the form's order: where server errors may land and focus goes first. */
export const FAMILY_MEMBER_FIELDS = ['firstName', 'lastName', 'relationship', 'gender', 'dateOfBirth'] as const;

// The selects start on their placeholder, which the contract refuses as "required".
const EMPTY = {
  firstName: '',
  lastName: '',
  relationship: '',
  gender: '',
  dateOfBirth: '',
} as unknown as FamilyMemberInput;

/** The form of one member, new or (with `member`) as saved; focus on errors is the caller's. */
export function useFamilyMemberForm(
  member?: Pick<FamilyMember, (typeof FAMILY_MEMBER_FIELDS)[number]>,
): FamilyMemberForm {
  return useForm<FamilyMemberInput, unknown, FamilyMemberOutput>({
    resolver: zodResolver(familyMemberRequestSchema),
    shouldFocusError: false,
    defaultValues: member
      ? {
          firstName: member.firstName,
          lastName: member.lastName,
          relationship: member.relationship,
          gender: member.gender,
          dateOfBirth: member.dateOfBirth,
        }
      : EMPTY,
  });
}

/** The five fields with their labels, hints and errors; the caller wraps them (a form, or a group inside one). */
export function FamilyMemberFields({ form }: { form: FamilyMemberForm }) {
  const t = useTranslations('family');
  const tf = useTranslations('fields');
  const errorText = useErrorText();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={tf('firstName')}
        autoComplete="off"
        isRequired
        maxChars={MAX_NAME_LENGTH}
        error={errorText(errors.firstName?.message, MAX_NAME_LENGTH)}
        {...register('firstName')}
      />
      <TextField
        label={tf('lastName')}
        autoComplete="off"
        isRequired
        maxChars={MAX_NAME_LENGTH}
        error={errorText(errors.lastName?.message, MAX_NAME_LENGTH)}
        {...register('lastName')}
      />
      <SelectField
        label={t('relationship')}
        placeholder={t('selectRelationship')}
        options={RELATIONSHIPS.map((r) => ({ value: r, label: t(`relationships.${r}`) }))}
        isRequired
        error={errorText(errors.relationship?.message)}
        {...register('relationship')}
      />
      <SelectField
        label={tf('gender')}
        placeholder={t('selectGender')}
        options={GENDERS.map((g) => ({ value: g, label: tf(`genders.${g}`) }))}
        isRequired
        error={errorText(errors.gender?.message)}
        {...register('gender')}
      />
      <TextField
        type="date"
        label={tf('dateOfBirth')}
        isRequired
        max={new Date().toISOString().slice(0, 10)}
        hint={t('dateOfBirthHint')}
        error={errorText(errors.dateOfBirth?.message)}
        {...register('dateOfBirth')}
      />
    </div>
  );
}
