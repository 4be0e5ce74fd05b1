// Stands in for the `server-only` package under Vitest: the real one throws outside React's
// server bundle, but these tests run server modules directly in Node.
export {};
