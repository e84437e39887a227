import { LoadingScreen, useFrame } from '../features/frame/index.ts';

/** The main screen: the loading animation until the frame context is there. */
export function HomeScreen() {
  const frame = useFrame();
  if (frame.isLoading || !frame.frameContext) return <LoadingScreen />;
  const user = frame.frameContext.user;
  return (
    <main className="home">
      <h1>gm, @{user.username ?? user.fid}</h1>
    </main>
  );
}
