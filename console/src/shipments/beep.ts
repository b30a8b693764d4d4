// The sound of a refused scan: a short low tone made with the Web Audio API (no audio file to load), so that a
// worker looking at the shelf, not the screen, hears that the item was not taken.
let context: AudioContext | null = null;

export function beep(): void {
  try {
    context ??= new AudioContext();
    void context.resume();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = 220;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(context.destination);
    const now = context.currentTime;
    oscillator.start(now);
    oscillator.stop(now + 0.25);
  } catch {
    // No audio in this browser: the red alert still says it.
  }
}
