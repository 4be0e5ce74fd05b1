'use client';

import { MailIcon, PhoneIcon } from '@/components/ui/icons';
import { useSupportContacts } from '@/components/shell/support-contacts';

const LINK = 'font-medium text-brand-800 underline underline-offset-2';

/**
 * The configured support email and phone as a description list, linked (mailto: and tel:).
 * `icons`: an icon stands for each term, which screen readers still hear (the contact dialog
 * and the Support tab); `labels`: the terms are written out (the cancel dialog and the chat).
 * Its own file, apart from the contacts' context, so the icons stay out of every page's frame.
 */
export function SupportContactList({
  variant,
  emailLabel,
  phoneLabel,
  className,
}: {
  variant: 'icons' | 'labels';
  emailLabel: string;
  phoneLabel: string;
  className?: string;
}) {
  const support = useSupportContacts();
  const rows = [
    { Icon: MailIcon, label: emailLabel, href: `mailto:${support.email}`, text: support.email, wrap: ' break-all' },
    { Icon: PhoneIcon, label: phoneLabel, href: support.phoneHref, text: support.phone, wrap: '' },
  ];
  return (
    <dl className={className}>
      {rows.map(({ Icon, label, href, text, wrap }) => {
        const value = (
          <dd>
            <a href={href} className={LINK + wrap}>
              {text}
            </a>
          </dd>
        );
        return variant === 'icons' ? (
          <div key={href} className="flex items-center gap-3">
            <Icon className="size-5 shrink-0 text-brand-700" />
            <dt className="sr-only">{label}</dt>
            {value}
          </div>
        ) : (
          <div key={href} className="flex gap-2">
            <dt className="font-medium text-slate-700">{label}:</dt>
            {value}
          </div>
        );
      })}
    </dl>
  );
}
