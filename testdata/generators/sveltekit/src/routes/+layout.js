// Every page is written to HTML at build time.
export const prerender = true;
