// Another patient's, an unknown or a malformed appointment id: the translated 404 of unknown paths, which reveals nothing.
export { default, generateMetadata } from '../../[...rest]/not-found';
