/** One of the person's library images as /photoEditor's picker offers it (links are signed and short-lived). */
export interface PickableImage {
  id: string;
  title: string;
  width: number | null;
  height: number | null;
  /** A small preview (small300), or the original when none was derived. */
  thumb: string;
  /** The original, for editing at full size. */
  src: string;
}
