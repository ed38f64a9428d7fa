// The Next.js fixture of webgraph: a static export (out/) with the app
// router. /about is about.html: the host serves it under /about.
/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  trailingSlash: false,
  images: { unoptimized: true },
  poweredByHeader: false,
};

export default nextConfig;
