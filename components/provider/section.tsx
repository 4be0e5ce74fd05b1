import type { ReactNode } from 'react';

/** A titled block of a provider or clinic page; the heading names the region for screen readers. */
export function Section({
  id,
  title,
  children,
  className = '',
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={`border-t border-slate-200 pt-8 ${className}`}>
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Two titled blocks side by side on wide screens (education and experience; technologies and amenities). */
export function SectionPair({ children }: { children: ReactNode }) {
  return <div className="grid gap-8 border-t border-slate-200 pt-8 sm:grid-cols-2">{children}</div>;
}

/** One titled block of a SectionPair. */
export function HalfSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Short items (languages, amenities, specialties) as a wrapped list of chips. */
export function ChipList({ items }: { items: readonly string[] }) {
  return (
    // The chip style is set once on the list, not on each of (sometimes dozens of) items.
    <ul className="flex flex-wrap gap-2 text-sm text-slate-800 [&>li]:rounded-full [&>li]:bg-slate-100 [&>li]:px-3 [&>li]:py-1">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** A small status line with an icon (accepting new patients, teledental). */
export function Badge({
  icon,
  children,
  tone = 'neutral',
}: {
  icon?: ReactNode;
  children: ReactNode;
  tone?: 'good' | 'neutral';
}) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium ${
        tone === 'good' ? 'bg-green-50 text-green-800 ring-1 ring-green-200' : 'bg-slate-100 text-slate-800'
      }`}
    >
      {icon}
      {children}
    </span>
  );
}
