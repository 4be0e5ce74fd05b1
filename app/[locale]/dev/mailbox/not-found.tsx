// The mailbox answers 404 unless the production server grants the request (page.tsx): the same
// translated 404 as a path no page claims.
export { default, generateMetadata } from '../../[...rest]/not-found';
