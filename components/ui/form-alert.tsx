import type { ReactNode } from 'react';

/**
 * The message region above a form. The live region is always in the page so that assistive
 * technology announces the text when it appears; only its content changes.
 */
export function FormAlert({ children, tone = 'error' }: { children?: ReactNode; tone?: 'error' | 'info' }) {
  const live = tone === 'error' ? { role: 'alert' } : { role: 'status' };
  return (
    <div {...live}>
      {children ? (
        <p
          className={`mb-4 rounded-lg border px-4 py-3 text-sm font-medium ${
            tone === 'error' ? 'border-red-300 bg-red-50 text-red-800' : 'border-amber-300 bg-amber-50 text-amber-900'
          }`}
        >
          {children}
        </p>
      ) : null}
    </div>
  );
}
