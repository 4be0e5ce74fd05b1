import { ClientMessages } from '@/components/providers/client-messages';
import { CareSearch } from './care-search';

/** The type-of-care search of the home and featured-search pages, with the texts it needs in the browser. */
export function CareSearchBlock() {
  return (
    <ClientMessages namespaces={['search']}>
      <CareSearch />
    </ClientMessages>
  );
}
