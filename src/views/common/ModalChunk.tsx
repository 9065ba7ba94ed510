// Mantine's Modal with its CSS, as the chunk LazyModal.tsx loads the first time a dialog opens.
import '@mantine/core/styles/Modal.css';

export { Modal as default } from '@mantine/core';
