import { Center, Loader } from '@mantine/core';

/** The whole window waiting: the page's code on first load, or who is signed in. */
export function ScreenLoader() {
  return (
    <Center h="100vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}

export function PageLoader() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading" />
    </Center>
  );
}
