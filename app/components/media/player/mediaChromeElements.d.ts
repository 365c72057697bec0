/**
 * JSX types for the media-chrome custom elements the players render. React 18 sets a custom
 * element's props as attributes, so values are strings (a boolean attribute is '' or absent).
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type MediaChromeElement = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  [attribute: string]: string | number | undefined | object | ((...args: never[]) => unknown);
};

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'media-controller': MediaChromeElement;
      'media-control-bar': MediaChromeElement;
      'media-play-button': MediaChromeElement;
      'media-seek-backward-button': MediaChromeElement;
      'media-seek-forward-button': MediaChromeElement;
      'media-time-range': MediaChromeElement;
      'media-time-display': MediaChromeElement;
      'media-mute-button': MediaChromeElement;
      'media-volume-range': MediaChromeElement;
      'media-playback-rate-button': MediaChromeElement;
      'media-captions-button': MediaChromeElement;
      'media-fullscreen-button': MediaChromeElement;
      'media-live-button': MediaChromeElement;
      'media-loading-indicator': MediaChromeElement;
      'media-poster-image': MediaChromeElement;
    }
  }
}
