import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';
import { seedDiscovery } from '../../db/seed/discovery';
import { useTestDatabase } from '../../testing/test-db';
import { withEmbeddedFallback } from '../adapters/assistant/assistant-adapter';
import { createOpenAiEngine } from '../adapters/assistant/openai-engine';
import { addDays, todayIn } from '../adapters/assistant/time-window';
import { sendAssistantMessage } from './assistant-service';
import type { AddressInfo } from 'node:net';

/*
 * The OpenAI-compatible engine against a local node:http server speaking the
 * documented chat-completions API: POST /v1/chat/completions with `tools`, answered first with
 * `tool_calls` and then, once the tool results are sent back as `role: "tool"` messages, with
 * the final text. The tools run the real search on the test database; nothing leaves the machine.
 */

const database = useTestDatabase();

interface Recorded {
  headers: http.IncomingHttpHeaders;
  url: string;
  body: {
    model: string;
    messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }[];
    tools: {
      type: string;
      function: { name: string; parameters: { properties: Record<string, { enum?: unknown[] }> } };
    }[];
  };
}

/** Answers each request with the next scripted body (a function of the request), recording them. */
function fakeCompletions(script: ((request: Recorded) => { status?: number; body: unknown })[]) {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const recorded: Recorded = { headers: req.headers, url: req.url ?? '', body: JSON.parse(text) };
      requests.push(recorded);
      const step = script[requests.length - 1];
      const answer = step ? step(recorded) : { status: 500, body: { error: { message: 'no more steps' } } };
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  return {
    requests,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function completion(message: Record<string, unknown>) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    model: 'test-model',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', ...message } }],
  };
}

beforeAll(async () => {
  await database.db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as typeof database.db, { providers: 150 });
  });
});

const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(stops.map((stop) => stop()));
});

describe('the OpenAI-compatible assistant engine', () => {
  it('lets the model call search_providers, sends it the results and shows its answer with the providers found', async () => {
    const tomorrow = addDays(todayIn('America/New_York', new Date()), 1);
    const fake = fakeCompletions([
      () => ({
        body: completion({
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: {
                name: 'search_providers',
                arguments: JSON.stringify({
                  place: 'Miami',
                  date_from: tomorrow,
                  part_of_day: 'morning',
                  language: 'es',
                }),
              },
            },
          ],
        }),
      }),
      (request) => {
        const tool = request.body.messages.at(-1)!;
        const result = JSON.parse(tool.content!);
        return { body: completion({ content: `I found ${result.providers.length} dentists near ${result.place}.` }) };
      },
    ]);
    const baseUrl = await fake.start();
    stops.push(fake.stop);
    const engine = createOpenAiEngine({ baseUrl, apiKey: 'sk-test', model: 'test-model' });

    const conversation = await sendAssistantMessage(
      { text: 'Spanish-speaking dentist in Miami tomorrow morning', timeZone: 'America/New_York' },
      { ip: '10.9.9.1', locale: 'en' },
      new Date(),
      engine,
    );

    // The first request: the documented shape, the key as a bearer token, our tools described.
    expect(fake.requests).toHaveLength(2);
    const [first, second] = fake.requests;
    expect(first!.url).toBe('/v1/chat/completions');
    expect(first!.headers.authorization).toBe('Bearer sk-test');
    expect(first!.body.model).toBe('test-model');
    expect(first!.body.messages[0]!.role).toBe('system');
    expect(first!.body.messages.at(-1)).toEqual({
      role: 'user',
      content: 'Spanish-speaking dentist in Miami tomorrow morning',
    });
    expect(first!.body.tools.map((t) => t.function.name)).toEqual(['search_providers', 'answer_question']);
    expect(first!.body.tools[0]!.function.parameters.properties.reason!.enum).toContain('root-canal');
    expect(first!.body.tools[0]!.function.parameters.properties.insurance_carrier!.enum).toContain('Delta Dental');

    // The second: the model's tool call echoed, then our result for it.
    const [callEcho, toolResult] = second!.body.messages.slice(-2);
    expect(callEcho!.role).toBe('assistant');
    expect(callEcho!.tool_calls).toHaveLength(1);
    expect(toolResult!.role).toBe('tool');
    expect(toolResult!.tool_call_id).toBe('call_1');
    const result = JSON.parse(toolResult!.content!);
    expect(result.place).toBe('Miami, FL, USA');

    const answer = conversation.messages.at(-1)!;
    expect(answer.text).toBe(`I found ${result.providers.length} dentists near Miami, FL, USA.`);
    expect(answer.providers?.length ?? 0).toBe(result.providers.length);
    for (const provider of answer.providers ?? []) {
      expect(provider.languages).toContain('Spanish');
      for (const slot of provider.slots) {
        expect(slot.localDate).toBe(tomorrow);
        expect(slot.localTime < '12:00').toBe(true);
      }
    }
  });

  it('hands the model the product rules through answer_question, in the visitor language', async () => {
    const fake = fakeCompletions([
      () => ({
        body: completion({
          content: null,
          tool_calls: [
            { id: 'call_9', type: 'function', function: { name: 'answer_question', arguments: '{"topic":"support"}' } },
          ],
        }),
      }),
      (request) => ({ body: completion({ content: JSON.parse(request.body.messages.at(-1)!.content!).answer }) }),
    ]);
    const engine = createOpenAiEngine({ baseUrl: await fake.start(), model: 'local' });
    stops.push(fake.stop);
    const conversation = await sendAssistantMessage(
      { text: '¿Cómo contacto con soporte?' },
      { ip: '10.9.9.2', locale: 'es' },
      new Date(),
      engine,
    );
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
    expect(fake.requests[0]!.body.messages[0]!.content).toContain('usted');
    const answer = conversation.messages.at(-1)!;
    expect(answer.text).toBe(es.chat.faq.support);
    expect(answer.attachments).toEqual(['supportContacts']);
  });

  it('falls back to the embedded engine when the endpoint fails', async () => {
    const fake = fakeCompletions([() => ({ status: 503, body: { error: { message: 'overloaded' } } })]);
    const engine = withEmbeddedFallback(createOpenAiEngine({ baseUrl: await fake.start(), model: 'local' }));
    stops.push(fake.stop);
    const conversation = await sendAssistantMessage(
      { text: 'What is your refund policy?' },
      { ip: '10.9.9.3', locale: 'en' },
      new Date(),
      engine,
    );
    expect(fake.requests).toHaveLength(1);
    expect(conversation.messages.at(-1)!.text).toBe(en.chat.faq.refund);
  });
});
