// Vite client types (import.meta.env, CSS imports) for the SPA sources.
/// <reference types="vite/client" />
