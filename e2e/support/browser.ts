import { chromium, type Browser, type BrowserContext } from 'playwright-core';

const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
  ],
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}

/**
 * A browser with a profile on disk: not incognito, so a site can be installed (Chromium refuses installing from an
 * incognito context, which every context of launchBrowser is).
 */
export function launchProfileBrowser(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, CHROMIUM);
}
