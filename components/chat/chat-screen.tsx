'use client';

import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { MAX_ASSISTANT_MESSAGE_LENGTH } from '@/lib/contracts/assistant';
import {
  assistantConversationQueryOptions,
  useNewAssistantConversation,
  useSendAssistantMessage,
} from '@/lib/api-client/assistant';
import { ClientApiError } from '@/lib/api-client/http';
import { Button } from '@/components/ui/button';
import { ChatMessage } from './chat-message';

function charCount(text: string): number {
  return [...text].length;
}

/**
 * The chat screen: the conversation as a log that screen readers follow (role log is
 * polite and announces what is added), a labelled message box (Enter sends, Shift+Enter starts
 * a new line) and a send button. The visitor's message shows at once; the answer replaces the
 * list with the conversation as the server keeps it. Focus stays in the box throughout.
 */
export function ChatScreen() {
  const t = useTranslations('chat');
  const conversation = useQuery(assistantConversationQueryOptions);
  const send = useSendAssistantMessage();
  const restart = useNewAssistantConversation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const endRef = useRef<HTMLLIElement>(null);

  const messages = conversation.data?.messages ?? [];
  const lastAnswer = messages.at(-1)?.role === 'assistant' ? messages.at(-1) : undefined;
  const left = MAX_ASSISTANT_MESSAGE_LENGTH - charCount(text);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, send.isPending]);

  function submit(message: string) {
    const trimmed = message.trim();
    if (!trimmed) {
      setProblem(t('empty'));
      inputRef.current?.focus();
      return;
    }
    if (charCount(trimmed) > MAX_ASSISTANT_MESSAGE_LENGTH) {
      setProblem(t('tooLong', { max: MAX_ASSISTANT_MESSAGE_LENGTH }));
      return;
    }
    setProblem(null);
    send.mutate(trimmed, {
      onSuccess: () => setText((current) => (current.trim() === trimmed ? '' : current)),
      onError: (error) =>
        setProblem(error instanceof ClientApiError && error.status === 429 ? t('tooMany') : t('failed')),
    });
    inputRef.current?.focus();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!send.isPending) submit(text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!send.isPending) submit(text);
    }
  }

  return (
    <div className="mt-6 flex flex-col gap-4">
      {messages.length ? (
        <div className="flex justify-end">
          <Button
            variant="secondary"
            disabled={restart.isPending || send.isPending}
            onClick={() => {
              setProblem(null);
              restart.mutate(undefined, { onSettled: () => inputRef.current?.focus() });
            }}
          >
            {t('newConversation')}
          </Button>
        </div>
      ) : null}

      <div
        role="log"
        aria-live="polite"
        aria-label={t('logLabel')}
        className="max-h-[60vh] min-h-64 overflow-y-auto rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200"
        tabIndex={0}
      >
        <ol className="flex flex-col gap-4">
          <ChatMessage message={{ role: 'assistant', text: t('welcome') }} />
          {messages.map((message) => (
            <ChatMessage key={message.id} message={message} />
          ))}
          {send.isPending && send.variables ? (
            <>
              <ChatMessage message={{ role: 'user', text: send.variables }} />
              <li className="text-sm text-slate-700">{t('sending')}</li>
            </>
          ) : null}
          <li ref={endRef} aria-hidden="true" />
        </ol>
      </div>

      {lastAnswer?.suggestions?.length && !send.isPending ? (
        <div role="group" aria-label={t('suggestionsLabel')} className="flex flex-wrap gap-2">
          {lastAnswer.suggestions.map((suggestion) => (
            <button
              key={suggestion}
              type="button"
              onClick={() => submit(suggestion)}
              className="inline-flex min-h-11 items-center rounded-full border border-brand-700 bg-white px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            >
              {suggestion}
            </button>
          ))}
        </div>
      ) : null}

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <label htmlFor="chat-message" className="font-semibold text-slate-900">
          {t('inputLabel')}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <textarea
            id="chat-message"
            ref={inputRef}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (problem) setProblem(null);
            }}
            onKeyDown={onKeyDown}
            rows={2}
            maxLength={MAX_ASSISTANT_MESSAGE_LENGTH}
            placeholder={t('placeholder')}
            aria-describedby="chat-message-count chat-message-problem"
            aria-invalid={
              problem === t('empty') || problem === t('tooLong', { max: MAX_ASSISTANT_MESSAGE_LENGTH })
                ? true
                : undefined
            }
            className="min-h-11 w-full flex-1 resize-y rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-600 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700"
          />
          <Button type="submit" disabled={send.isPending} className="sm:self-stretch">
            {t('send')}
          </Button>
        </div>
        <p id="chat-message-count" className="text-sm text-slate-700">
          {t('charactersLeft', { count: Math.max(0, left) })}
        </p>
        <p id="chat-message-problem" role="alert" className="min-h-6 text-sm font-medium text-red-700">
          {problem}
        </p>
      </form>
    </div>
  );
}
