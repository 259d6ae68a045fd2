/** A phone's browser and system, read simply from its User-Agent for an admin to tell it apart. */
export interface DeviceName {
  browser: string;
  os: string;
}

// The first that matches wins: Edge and Samsung's browser also say Chrome, Chrome says Safari.
const BROWSERS: [RegExp, string][] = [
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/EdgA?\/|EdgiOS\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Linux/, 'Linux'],
];

const first = (list: [RegExp, string][], text: string) =>
  list.find(([pattern]) => pattern.test(text))?.[1];

/** 'Chrome' on 'Android'; null when either is unknown (another app, a script). */
export function deviceName(userAgent: string): DeviceName | null {
  const browser = first(BROWSERS, userAgent);
  const os = first(SYSTEMS, userAgent);
  return browser && os ? { browser, os } : null;
}
