import { Box } from '@chakra-ui/react';

/**
 * The branded stand-in for a missing poster or tile image: the theme's brand gradient with a
 * camera mark, drawn in CSS and inline SVG (no request), filling the 16:9 frame of the card.
 */
export function PosterPlaceholder() {
  return (
    <Box
      aria-hidden="true"
      data-testid="event-image-placeholder"
      w="full"
      h="full"
      display="flex"
      alignItems="center"
      justifyContent="center"
      color="brand.contrast"
      backgroundImage="radial-gradient(circle at 15% 20%, rgba(255,255,255,0.16) 0 22%, transparent 22.5%), radial-gradient(circle at 95% 110%, rgba(255,255,255,0.12) 0 35%, transparent 35.5%), linear-gradient(to bottom right, {colors.brand.solid}, {colors.brand.emphasized})"
    >
      <svg width="56" height="56" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5">
        <rect x="2.5" y="6" width="13" height="12" rx="2.5" />
        <path d="M15.5 10.5 21 7.5v9l-5.5-3z" strokeLinejoin="round" />
      </svg>
    </Box>
  );
}
