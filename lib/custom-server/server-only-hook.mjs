// Module resolve hook of the production server (registered by serve.mjs): `server-only` resolves
// as inside Next's server bundle, to its empty module under the react-server condition, so the
// configuration modules the edge (edge.ts) loads through tsx can import it. Only that one package
// is affected; everything else resolves as usual.
export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'server-only') {
    return nextResolve(specifier, { ...context, conditions: [...context.conditions, 'react-server'] });
  }
  return nextResolve(specifier, context);
}
