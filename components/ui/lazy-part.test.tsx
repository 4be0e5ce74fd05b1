import { renderToStaticMarkup } from 'react-dom/server';
import { renderToReadableStream } from 'react-dom/server.browser';
import { describe, expect, it } from 'vitest';
import { lazyPart } from './lazy-part';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

async function html(element: React.ReactElement): Promise<string> {
  const stream = await renderToReadableStream(element);
  await stream.allReady;
  return new Response(stream).text();
}

describe('lazyPart', () => {
  it('renders a client-only part as its placeholder on the server, without fetching its code', () => {
    let loads = 0;
    const Part = lazyPart(
      async () => {
        loads++;
        return Greeting;
      },
      { ssr: false, loading: () => <span>Loading</span> },
    );
    expect(renderToStaticMarkup(<Part name="Ana" />)).toBe('<span>Loading</span>');
    expect(loads).toBe(0);
  });

  it('renders any other part on the server once its code has loaded', async () => {
    const Part = lazyPart(async () => Greeting);
    expect(await html(<Part name="Ana" />)).toContain('<p>Hello <!-- -->Ana</p>');
  });
});
