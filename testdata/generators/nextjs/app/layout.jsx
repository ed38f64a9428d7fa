export const metadata = {
  title: 'Lighthouse Keepers',
  description: 'A small society that looks after an old lighthouse.',
};

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>
        <header>
          <a href="/">Lighthouse Keepers</a>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
