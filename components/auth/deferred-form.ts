'use client';

import { useCallback, useEffect, useRef, useState, type ComponentType, type FormEvent, type RefObject } from 'react';

/**
 * What the visitor did to the plain form before its validation arrived, so the validated form
 * that replaces it carries on where they were (public-page-javascript.md, issue 10).
 */
export interface FormResume {
  /** Fields changed from their server-rendered value (name → value; checkboxes → checked). */
  values: Record<string, string | boolean>;
  /** The field that had focus, with its caret, so typing goes on in the same place. */
  focus?: { name: string; start: number | null; end: number | null };
  /** Password fields whose text was shown ("Show password" pressed). */
  revealed: string[];
  /** The visitor sent the form before the validation arrived: the validated form sends it now. */
  submit: boolean;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isControl(el: Element): el is Control {
  return el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;
}

/** The value when the visitor changed it from what the server rendered, else undefined. */
function changedValue(el: Control): string | boolean | undefined {
  if (el instanceof HTMLInputElement && el.type === 'checkbox') {
    return el.checked !== el.defaultChecked ? el.checked : undefined;
  }
  if (el instanceof HTMLSelectElement) {
    const initial = Array.from(el.options).find((o) => o.defaultSelected) ?? el.options[0];
    return el.value !== (initial?.value ?? '') ? el.value : undefined;
  }
  return el.value !== el.defaultValue ? el.value : undefined;
}

function takeResume(form: HTMLFormElement | null, submit: boolean): FormResume {
  const resume: FormResume = { values: {}, revealed: [], submit };
  if (!form) return resume;
  for (const el of Array.from(form.elements)) {
    if (!isControl(el) || !el.name) continue;
    const value = changedValue(el);
    if (value !== undefined) resume.values[el.name] = value;
  }
  const active = document.activeElement;
  if (active && isControl(active) && active.name && form.contains(active)) {
    const text = active instanceof HTMLSelectElement ? null : active;
    let start: number | null = null;
    let end: number | null = null;
    try {
      start = text?.selectionStart ?? null;
      end = text?.selectionEnd ?? null;
    } catch {
      // Inputs such as type=email or date have no caret to read.
    }
    resume.focus = { name: active.name, start, end };
  }
  form.querySelectorAll<HTMLButtonElement>('button[aria-pressed="true"][aria-controls]').forEach((button) => {
    const input = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (input && isControl(input) && input.name) resume.revealed.push(input.name);
  });
  return resume;
}

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

export interface PlainFormProps {
  ref: RefObject<HTMLFormElement | null>;
  onFocus: () => void;
  onPointerDown: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * A form rendered plain (native controls, `method="post"`, no validation code) whose validated
 * version - react-hook-form, the zod contract, libphonenumber - is fetched on the visitor's first
 * focus, touch or click in it. Those libraries would otherwise put the public auth pages over
 * their 130 kB budget (issue 10). A submit before the validated form has arrived waits for it
 * and is then sent through it; if it cannot be fetched (offline), the browser posts the form.
 */
export function useDeferredForm<P extends { resume?: FormResume }>(load: () => Promise<ComponentType<P>>) {
  const formRef = useRef<HTMLFormElement>(null);
  const loading = useRef(false);
  const submitted = useRef(false);
  const resume = useRef<FormResume>(undefined);
  const [Form, setForm] = useState<ComponentType<P>>();

  const start = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    load().then(
      // A component is a function: wrapped, so React stores it rather than calling it.
      (loadedForm) => setForm(() => loadedForm),
      () => {
        loading.current = false;
        // Without the validation the server still answers a plain POST (forms.md).
        if (submitted.current) formRef.current?.submit();
      },
    );
  }, [load]);

  // Read while rendering the swap, when the plain form is still on the page and nothing the
  // visitor types can come in between (an effect or the load callback would run too early or late).
  if (Form && !resume.current) resume.current = takeResume(formRef.current, submitted.current);
  const loaded = Form && resume.current ? { Form, resume: resume.current } : undefined;

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      submitted.current = true;
      start();
    },
    [start],
  );

  const plainProps: PlainFormProps = { ref: formRef, onFocus: start, onPointerDown: start, onSubmit };
  return { loaded, plainProps };
}
