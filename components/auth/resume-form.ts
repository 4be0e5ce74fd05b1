'use client';

import { useEffect, useRef, type RefObject } from 'react';
import { isControl, type FormResume } from './deferred-form';

/**
 * Called by the validated form once mounted: gives back focus, caret and shown passwords, and
 * sends the form if the visitor already had. The submit goes through the form's own handler, so
 * the checks, messages and focus on the first invalid field are those of any other submit.
 */
export function useResumeForm(formRef: RefObject<HTMLFormElement | null>, resume: FormResume | undefined) {
  const done = useRef(false);
  useEffect(() => {
    const form = formRef.current;
    if (!form || !resume || done.current) return;
    done.current = true;
    for (const name of resume.revealed) {
      const input = form.elements.namedItem(name);
      if (!(input instanceof HTMLInputElement)) continue;
      const toggle = form.querySelector<HTMLButtonElement>(`button[aria-controls="${CSS.escape(input.id)}"]`);
      if (toggle?.getAttribute('aria-pressed') === 'false') toggle.click();
    }
    if (resume.focus) {
      const control = form.elements.namedItem(resume.focus.name);
      if (control instanceof HTMLElement && isControl(control)) {
        control.focus();
        const { start, end } = resume.focus;
        if (start !== null && end !== null && !(control instanceof HTMLSelectElement)) {
          try {
            control.setSelectionRange(start, end);
          } catch {
            // No caret on this input type.
          }
        }
      }
    }
    if (resume.submit) form.requestSubmit();
  }, [formRef, resume]);
}

/** Default values of a validated form: its own defaults, then what the visitor already entered. */
export function resumedDefaults<T extends object>(defaults: T, resume: FormResume | undefined): T {
  return resume ? ({ ...defaults, ...resume.values } as T) : defaults;
}

