// The exact, case-sensitive route table. Every path here is one of SPEC.md §2's and has a
// working module; the table grows with each capability. `file` is relative to app/.
/** @type {ReadonlyArray<{ path: string; file: string }>} */
export const ROUTES = [
  { path: '/', file: 'routes/info/home.tsx' },
  { path: '/home', file: 'routes/info/home.tsx' },
  { path: '/aboutUs', file: 'routes/info/aboutUs.tsx' },
  { path: '/company', file: 'routes/info/company.tsx' },
  { path: '/products', file: 'routes/info/products.tsx' },
  { path: '/features', file: 'routes/info/features.tsx' },
  { path: '/solutions', file: 'routes/info/solutions.tsx' },
  { path: '/platform', file: 'routes/info/platform.tsx' },
  { path: '/services', file: 'routes/info/services.tsx' },
  { path: '/pricing', file: 'routes/info/pricing.tsx' },
  { path: '/partners', file: 'routes/info/partners.tsx' },
  { path: '/support', file: 'routes/info/support.tsx' },
  { path: '/questions', file: 'routes/info/questions.tsx' },
  { path: '/cdeVerified', file: 'routes/info/cdeVerified.tsx' },
  { path: '/terms', file: 'routes/info/terms.tsx' },
  { path: '/privacy', file: 'routes/info/privacy.tsx' },
  { path: '/security', file: 'routes/info/security.tsx' },
  { path: '/requestInfo', file: 'routes/info/requestInfo.tsx' },
  { path: '/contactUs', file: 'routes/info/contactUs.tsx' },
  { path: '/blog', file: 'routes/info/blog.tsx' },
  { path: '/blogDetails', file: 'routes/info/blogDetails.tsx' },
  { path: '/news', file: 'routes/info/news.tsx' },
  { path: '/newsDetails', file: 'routes/info/newsDetails.tsx' },
  { path: '/job', file: 'routes/info/job.tsx' },
  { path: '/jobDetails', file: 'routes/info/jobDetails.tsx' },
  { path: '/changeLanguage', file: 'routes/account/changeLanguage.tsx' },
];

/** Renders the tenant-branded 404 page for every path the table does not hold. */
export const FALLBACK_ROUTE = { path: '*', file: 'routes/fallback.tsx' };

/** Server endpoints that are not screens. */
export const API_ROUTES = [
  { path: '/api/dynamodb/resources/batchGet', file: 'routes/api/resourcesBatchGet.ts' },
];
