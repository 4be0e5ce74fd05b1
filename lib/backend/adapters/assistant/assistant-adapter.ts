import 'server-only';
import { serverEnv } from '../../../config/server-env';
import { logger } from '../../../logging/logger';
import { embeddedEngine } from './embedded-engine';
import { createOpenAiEngine } from './openai-engine';
import type { AssistantEngine } from './assistant-engine';

let configured: { key: string; engine: AssistantEngine } | undefined;

/**
 * `primary`, answered by the embedded engine whenever it fails (the endpoint down, a refused
 * key, a timeout, a malformed answer): the visitor still gets an answer, and the failure is
 * logged for whoever runs the server (as the maps adapter falls back to its gazetteer).
 */
export function withEmbeddedFallback(primary: AssistantEngine): AssistantEngine {
  return {
    name: primary.name,
    async reply(turn, tools) {
      try {
        return await primary.reply(turn, tools);
      } catch (error) {
        // The message only: the engine's own error may quote the request it sent.
        logger.error(
          { engine: primary.name, reason: (error as Error).message },
          'assistant engine failed; answering with the embedded engine',
        );
        return embeddedEngine.reply(turn, tools);
      }
    },
  };
}

/** The configured engine: the embedded one unless ASSISTANT_API_URL is set (README "Configuration"). */
export function assistantEngine(): AssistantEngine {
  const env = serverEnv();
  if (!env.ASSISTANT_API_URL) return embeddedEngine;
  const key = `${env.ASSISTANT_API_URL}|${env.ASSISTANT_MODEL}|${env.ASSISTANT_API_KEY ?? ''}`;
  if (configured?.key !== key) {
    configured = {
      key,
      engine: withEmbeddedFallback(
        createOpenAiEngine({
          baseUrl: env.ASSISTANT_API_URL,
          apiKey: env.ASSISTANT_API_KEY,
          model: env.ASSISTANT_MODEL,
        }),
      ),
    };
  }
  return configured.engine;
}
