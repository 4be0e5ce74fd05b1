import { Header } from '@/components/shell/header';

/**
 * The header of every page that does not know its user on the server (most of them, and all
 * the cached ones): the header asks the browser's session itself.
 */
export default function DefaultHeader() {
  return <Header />;
}
