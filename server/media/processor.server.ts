/**
 * What every kind's processor gets and gives. A processor reads the original from a local file,
 * writes what it derives into its own work folder, and hands each file to `store`, which puts it
 * under the item's `derived/` folder (the same keys on every run, so a re-run overwrites).
 */
import type { DerivedFile, MediaDerived } from '#app/lib/media/model';
import type { Trim } from '#app/lib/media/trim';

export interface StoreDerived {
  /** Stores a local file under `media/<id>/<relativeKey>` and describes it. */
  (relativeKey: string, path: string, contentType: string, size?: { width: number; height: number }): Promise<DerivedFile>;
}

export interface ProcessorInput {
  /** The original, downloaded. */
  originalPath: string;
  /** The original's real type (from its bytes, set at upload). */
  contentType: string;
  /** An empty folder of this job's own. */
  workDir: string;
  store: StoreDerived;
  /** Video and audio: keep only this part of the take (a capture's trim; docs/decisions/0044). */
  trim?: Trim;
  /** Share of the work done, 0–1 (throttled by the caller). */
  progress(fraction: number): void;
}

export interface ProcessorOutput {
  derived: MediaDerived;
  /**
   * Images: the original rewritten without location data (orientation applied); the caller
   * replaces the stored original with it.
   */
  cleanedOriginal?: { path: string; contentType: string };
}

export type Processor = (input: ProcessorInput) => Promise<ProcessorOutput>;
