/**
 * The emergency alert's sound: two short rising tones made with the Web Audio API, so there is no
 * file to fetch (the pages' Content-Security-Policy needs no media source for it).
 */
let context: AudioContext | undefined;

function audio(): AudioContext | undefined {
  if (context) return context;
  const Context = window.AudioContext as typeof AudioContext | undefined;
  if (!Context) return undefined;
  context = new Context();
  return context;
}

/**
 * Browsers let a page make sound only after the person has used it: called on the first click
 * or key press, it readies the audio so that an alert arriving later is heard.
 */
export function unlockAlertSound() {
  const ctx = audio();
  if (ctx?.state === 'suspended') void ctx.resume().catch(() => {});
}

export function playAlertSound() {
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
  const start = ctx.currentTime + 0.01;
  [880, 1320].forEach((frequency, i) => {
    const tone = ctx.createOscillator();
    const volume = ctx.createGain();
    tone.type = 'sine';
    tone.frequency.value = frequency;
    const at = start + i * 0.2;
    // A quick rise and fall: no click at either end.
    volume.gain.setValueAtTime(0.0001, at);
    volume.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, at + 0.18);
    tone.connect(volume).connect(ctx.destination);
    tone.start(at);
    tone.stop(at + 0.2);
  });
}

/**
 * The "running late" alarm (issue 40): three long falling tones, lower and harsher than the
 * new-emergency chime, so that the two are told apart without looking. Repeated by the alert
 * until it is acknowledged.
 */
export function playLateAlarm() {
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
  const start = ctx.currentTime + 0.01;
  [0, 1, 2].forEach((i) => {
    const tone = ctx.createOscillator();
    const volume = ctx.createGain();
    tone.type = 'square';
    const at = start + i * 0.45;
    tone.frequency.setValueAtTime(660, at);
    tone.frequency.exponentialRampToValueAtTime(440, at + 0.35);
    volume.gain.setValueAtTime(0.0001, at);
    volume.gain.exponentialRampToValueAtTime(0.25, at + 0.03);
    volume.gain.exponentialRampToValueAtTime(0.0001, at + 0.38);
    tone.connect(volume).connect(ctx.destination);
    tone.start(at);
    tone.stop(at + 0.4);
  });
}
