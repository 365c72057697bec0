/**
 * Breakpoints (docs/PRODUCT.md, Rules: breakpoints): mobile up to 767px, tablet 768–1024px,
 * desktop from 1025px, extra large from 1180px. Chakra's `md`, `lg` and `xl` conditions are set to
 * these.
 */
export const BREAKPOINTS = { base: '0px', sm: '480px', md: '768px', lg: '1025px', xl: '1180px', '2xl': '1536px' } as const;
