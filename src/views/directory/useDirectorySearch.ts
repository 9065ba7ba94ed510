// Both directories: the machine for one kind and the search box's text, sent to the machine 300 ms after the
// person stops typing (not on the first render: the machine loads the first page by itself).
import { useDebouncedValue } from '@mantine/hooks';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { directoryMachine } from '../../machines/directoryMachine';

export function useDirectorySearch(kind: 'residents' | 'staff') {
  const [state, send] = useMachine(directoryMachine, { input: { kind } });
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed, 300);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    send({ type: 'search', q: debounced });
  }, [debounced, send]);
  return { state, send, typed, setTyped };
}
