/**
 * Media made at test time (nothing downloaded, no binaries in the repository): video and audio
 * with ffmpeg's test sources, a JPEG with EXIF GPS and orientation with sharp, a PDF with pdf-lib.
 * Also a small reader of a JPEG's EXIF that says whether it carries GPS data.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

const exec = promisify(execFile);

export interface VideoSpec {
  seconds: number;
  width: number;
  height: number;
  audio?: boolean;
  fps?: number;
}

/** An H.264/AAC MP4 of a moving test pattern and a tone. */
export async function makeVideo(dir: string, spec: VideoSpec, name = 'clip.mp4'): Promise<string> {
  const path = join(dir, name);
  const fps = spec.fps ?? 25;
  const args = ['-hide_banner', '-nostdin', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${spec.width}x${spec.height}:rate=${fps}:duration=${spec.seconds}`];
  if (spec.audio !== false) args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${spec.seconds}`);
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  if (spec.audio !== false) args.push('-c:a', 'aac', '-shortest');
  args.push(path);
  await exec('/usr/bin/ffmpeg', args, { maxBuffer: 1 << 24 });
  return path;
}

/** A tone that swells and fades (so the waveform has a shape), as MP3 or WAV by the name's extension. */
export async function makeAudio(dir: string, seconds: number, name = 'tone.mp3'): Promise<string> {
  const path = join(dir, name);
  const expr = `volume='if(lt(t,${seconds / 2}),t/${seconds / 2},(${seconds}-t)/${seconds / 2})':eval=frame`;
  await exec('/usr/bin/ffmpeg', ['-hide_banner', '-nostdin', '-y', '-f', 'lavfi', '-i', `sine=frequency=330:sample_rate=44100:duration=${seconds}`, '-af', expr, path], {
    maxBuffer: 1 << 24,
  });
  return path;
}

/**
 * A JPEG of width × height pixels as stored, with GPS coordinates in its EXIF and the given
 * EXIF orientation (6: shown turned 90°, so it displays height × width).
 */
export async function makeJpegWithGps(dir: string, width: number, height: number, orientation = 1, name = 'photo.jpg'): Promise<string> {
  const path = join(dir, name);
  await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .composite([{ input: { create: { width: Math.round(width / 4), height: Math.round(height / 4), channels: 3, background: { r: 20, g: 20, b: 220 } } }, top: 0, left: 0 }])
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Pipeline' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 300/100' },
    })
    .withMetadata({ orientation })
    .jpeg({ quality: 90 })
    .toFile(path);
  return path;
}

/** A PDF of `pages` letter-size pages, each saying its number. */
export async function makePdf(dir: string, pages: number, name = 'deck.pdf'): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage([792, 612]);
    page.drawRectangle({ x: 0, y: 0, width: 792, height: 612, color: rgb(0.1, 0.2, 0.4) });
    page.drawText(`Slide ${n}`, { x: 60, y: 300, size: 64, font, color: rgb(1, 1, 1) });
  }
  const path = join(dir, name);
  await writeFile(path, await pdf.save());
  return path;
}

/** The EXIF (TIFF) block's IFD0 tags of a JPEG, or null when it has no EXIF. */
export function exifTags(jpeg: Buffer): Set<number> | null {
  let offset = 2;
  while (offset + 4 < jpeg.length && jpeg[offset] === 0xff) {
    const marker = jpeg[offset + 1];
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker === 0xe1 && jpeg.toString('latin1', offset + 4, offset + 10) === 'Exif\0\0') {
      const tiff = jpeg.subarray(offset + 10, offset + 2 + length);
      const little = tiff.toString('latin1', 0, 2) === 'II';
      const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
      const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
      const ifd0 = u32(4);
      const tags = new Set<number>();
      for (let i = 0; i < u16(ifd0); i++) tags.add(u16(ifd0 + 2 + i * 12));
      return tags;
    }
    if (marker === 0xda) break;
    offset += 2 + length;
  }
  return null;
}

/** EXIF tag of the GPS directory's pointer in IFD0. */
export const GPS_IFD_TAG = 0x8825;
