import Box from '@mui/material/Box';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element of every page: keyboard users jump straight past the navigation. */
export function SkipLink() {
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 2000,
        px: 2,
        py: 1,
        bgcolor: 'secondary.main',
        color: '#fff',
        borderRadius: 1,
        fontWeight: 600,
        textDecoration: 'none',
        '&:focus': { top: 8 },
      }}
    >
      Skip to main content
    </Box>
  );
}
