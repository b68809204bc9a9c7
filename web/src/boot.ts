// The page's entry: the HTML already shows its first screen (the shell, the home page, or a list drawn on the server),
// so the app (main.tsx: React, the router, the query cache; some 350 kB to run) is fetched and started only once the
// browser has painted it. Run at once, as a deferred module script is, it came before the first paint whenever its
// files were already there, and held that paint back by the whole of its evaluation on a phone; fetched with the HTML,
// it took the link's bandwidth from the HTML and its photo. The HTML names the app's files (and the page's own, the
// API's page preloads) as modulepreloads inside `<template data-app-files>`, inert there: moved into the head here,
// they are all fetched at once rather than one import after another. The stylesheet stays this entry's, so the build
// inlines it in the HTML.
import './styles.css';
import { importInTurns, nextTask } from './lib/next-task';

// Each modulepreload starts its fetch as it is inserted, which costs the main thread about half a millisecond per link
// on a phone: the sixty-odd links of a page inserted at once were a long task of their own. A few at a time, each few
// in its own task, they still all start within a frame.
const LINKS_PER_TASK = 8;

async function start() {
  const links = [...document.querySelectorAll<HTMLTemplateElement>('template[data-app-files]')].flatMap((files) => {
    files.remove();
    return [...files.content.children];
  });
  for (let i = 0; i < links.length; i += LINKS_PER_TASK) {
    document.head.append(...links.slice(i, i + LINKS_PER_TASK));
    await nextTask();
  }
  // React's DOM renderer and the router are the bulk of the app's evaluation: each is evaluated in a task of its own
  // before the rest, rather than all in one long task. The app's router, not react-router itself: a module imported
  // whole keeps every export, and react-router's would have grown the first page's files by some 30 kB.
  // zod is told not to try eval (which the page's policy refuses) before the router starts loading the page's code.
  await importInTurns([
    () => import('react-dom/client'),
    () => import('./lib/zod-without-eval'),
    () => import('./app/router'),
    () => import('./main'),
  ]);
}
// A hidden tab gets no frames to wait for.
if (document.visibilityState === 'hidden') void start();
else requestAnimationFrame(() => setTimeout(() => void start(), 0));
