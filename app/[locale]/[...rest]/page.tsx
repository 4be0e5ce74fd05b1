import { notFound } from 'next/navigation';

// Safety net behind the middleware's route rules: any path no page claims renders the translated 404.
export default function CatchAll() {
  notFound();
}
