import { connection } from 'next/server';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { pageLocale, type LocalePageProps } from '@/lib/i18n/page-props';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryProvider } from '@/components/providers/query-provider';
import { ChatScreen } from '@/components/chat/chat-screen';
import type { Metadata } from 'next';

/** The chat screen's texts in the browser (the answers' own texts come from the server). */
const CHAT_MESSAGES = [
  'chat.logLabel',
  'chat.you',
  'chat.assistant',
  'chat.welcome',
  'chat.inputLabel',
  'chat.placeholder',
  'chat.send',
  'chat.sending',
  'chat.charactersLeft',
  'chat.empty',
  'chat.tooLong',
  'chat.failed',
  'chat.tooMany',
  'chat.newConversation',
  'chat.suggestionsLabel',
  'chat.providersLabel',
  'chat.slotsLabel',
  'chat.bookSlot',
  'chat.bookSlotWith',
  'chat.distance',
  'chat.rating',
  'chat.noRating',
  'chat.teledental',
  'chat.speaks',
  'chat.supportEmail',
  'chat.supportPhone',
] as const;

export async function generateMetadata({ params }: LocalePageProps): Promise<Metadata> {
  const locale = pageLocale((await params).locale);
  const t = await getTranslations({ locale, namespace: 'chat' });
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * /chat (SPEC.md sections 1 and 2: the chat assistant, reached from the header's chatbot icon;
 * no location wrapper). Public: anyone may ask; booking a suggested time asks for a login on the
 * booking page. The page itself is the same for everyone; the conversation loads in the browser.
 */
export default async function ChatPage({ params }: LocalePageProps) {
  // Rendered per request, not prerendered: the conversation it shows is personal, so its scripts
  // run under a per-request CSP nonce (lib/docs/decisions/content-security-policy.md).
  await connection();
  const locale = pageLocale((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations('chat');
  return (
    <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">{t('title')}</h1>
      <p className="mt-2 text-slate-700">{t('intro')}</p>
      <ClientMessages namespaces={CHAT_MESSAGES}>
        <QueryProvider>
          <ChatScreen />
        </QueryProvider>
      </ClientMessages>
    </main>
  );
}
