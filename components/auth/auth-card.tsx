import type { ReactNode } from 'react';

/** The frame of the auth screens: one centred column with the page's h1. */
export function AuthCard({
  heading,
  intro,
  children,
  wide = false,
}: {
  /** Left out when the screens inside bring their own h1 (reset password). */
  heading?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <main id="main" className="flex flex-1 items-start justify-center bg-brand-50 px-4 py-8 sm:py-12">
      <div
        className={`w-full ${wide ? 'max-w-2xl' : 'max-w-md'} rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8`}
      >
        {heading ? (
          <>
            <h1 className="text-2xl font-semibold text-slate-900">{heading}</h1>
            {intro ? <p className="mt-2 text-slate-700">{intro}</p> : null}
            <div className="mt-6">{children}</div>
          </>
        ) : (
          children
        )}
      </div>
    </main>
  );
}
