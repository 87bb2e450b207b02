/**
 * Small sounds made with WebAudio (no audio files): a card laid, a trick taken, a deal won or lost.
 * The audio context starts on the first sound after a user gesture, as browsers require.
 */

/**
 * A note: `freq` Hz from `time` s after the start, `length` s long, fading out from `gain`.
 * @typedef {{freq: number, time: number, length: number, type: OscillatorType, gain: number}} Note
 */

/** @type {Record<string, Note[]>} */
const SOUNDS = {
  card: [{ freq: 520, time: 0, length: 0.05, type: "triangle", gain: 0.12 }],
  trick: [
    { freq: 330, time: 0, length: 0.06, type: "triangle", gain: 0.1 },
    { freq: 440, time: 0.07, length: 0.08, type: "triangle", gain: 0.1 },
  ],
  win: [
    { freq: 523, time: 0, length: 0.12, type: "sine", gain: 0.14 },
    { freq: 659, time: 0.12, length: 0.12, type: "sine", gain: 0.14 },
    { freq: 784, time: 0.24, length: 0.2, type: "sine", gain: 0.14 },
  ],
  lose: [
    { freq: 392, time: 0, length: 0.15, type: "sine", gain: 0.12 },
    { freq: 311, time: 0.15, length: 0.25, type: "sine", gain: 0.12 },
  ],
};

/** @type {AudioContext | null} */
let context = null;
let enabled = true;

/** Turn the sounds on or off. */
export function setSoundEnabled(/** @type {boolean} */ on) {
  enabled = Boolean(on);
}

/** Play a sound by name ("card", "trick", "win", "lose"), if sound is on and the browser allows it. */
export function playSound(/** @type {string} */ name) {
  if (!enabled || !SOUNDS[name]) return;
  /** @type {typeof AudioContext | undefined} */
  const Context = globalThis.AudioContext ?? /** @type {any} */ (globalThis).webkitAudioContext;
  if (!Context) return;
  try {
    context ??= new Context();
    if (context.state === "suspended") context.resume();
    const start = context.currentTime + 0.01;
    for (const note of SOUNDS[name]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = note.type;
      oscillator.frequency.value = note.freq;
      gain.gain.setValueAtTime(note.gain, start + note.time);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + note.time + note.length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + note.time);
      oscillator.stop(start + note.time + note.length + 0.02);
    }
  } catch {
    // Sound is decoration: a browser that refuses it loses nothing else.
  }
}
