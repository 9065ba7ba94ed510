import { Text } from '@mantine/core';

/** A refusal under a form or a list, read out by screen readers. */
export function ProblemText({ text }: { text: string }) {
  return (
    <Text size="sm" c="red.8" role="alert">
      {text}
    </Text>
  );
}
