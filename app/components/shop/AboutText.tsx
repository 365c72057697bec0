/** A channel's plain-text about: paragraphs kept, https addresses shown as links (nothing else is markup). */
import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';

const URL_PATTERN = /(https:\/\/[^\s<>"]+[^\s<>".,;:!?)])/g;

export function AboutText({ text }: { text: string }) {
  return (
    <Stack gap="3" data-testid="channel-about">
      {text
        .split(/\n{2,}/)
        .filter((p) => p.trim())
        .map((paragraph, i) => (
          <Text key={i} whiteSpace="pre-line" overflowWrap="anywhere">
            {paragraph.split(URL_PATTERN).map((part, j) =>
              j % 2 === 1 ? (
                <ChakraLink key={j} href={part} colorPalette="brand" rel="noopener noreferrer nofollow ugc" target="_blank">
                  {part}
                </ChakraLink>
              ) : (
                part
              ),
            )}
          </Text>
        ))}
    </Stack>
  );
}
