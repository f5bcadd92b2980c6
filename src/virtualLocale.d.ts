/** scripts/viteLocaleParts.ts: one part of one language's words. */
declare module 'virtual:locale/*' {
  const messages: import('./domain/translator.ts').Messages
  export default messages
}
