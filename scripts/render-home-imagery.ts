/**
 * Renders the sample tenants' home imagery from the SVG drawings committed beside it
 * (tenants/<id>/assets/home/*.svg), so the pictures can be redrawn and rebuilt on any machine
 * with nothing downloaded: WebP stills with sharp, and Aurora's looping hero video (an animated
 * gradient behind the stage drawing, played forward then backward so the loop has no seam) and its
 * poster with the system ffmpeg.
 *
 *   npx tsx scripts/render-home-imagery.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

const root = join(import.meta.dirname, '..');
const home = (tenant: string, file: string) => join(root, 'tenants', tenant, 'assets', 'home', file);

async function stills() {
  await sharp(home('lumiere', 'salon.svg')).resize(1200, 900).webp({ quality: 80 }).toFile(home('lumiere', 'salon.webp'));
  await sharp(home('solana', 'plaza.svg')).resize(1600, 560).webp({ quality: 82 }).toFile(home('solana', 'plaza.webp'));
}

async function auroraVideo() {
  const work = mkdtempSync(join(tmpdir(), 'home-imagery-'));
  try {
    const overlay = join(work, 'stage.png');
    await sharp(home('aurora', 'stage-overlay.svg')).png().toFile(overlay);
    const video = home('aurora', 'stage-loop.mp4');
    execFileSync('ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'gradients=s=1280x720:c0=0x1e1b4b:c1=0x4338ca:c2=0x6d28d9:c3=0x155e75:c4=0x312e81:n=5:speed=0.02:d=4:r=24:type=linear',
      '-i', overlay,
      '-filter_complex', '[0:v][1:v]overlay=0:0,format=yuv420p,split[a][b];[b]reverse[r];[a][r]concat=n=2:v=1:a=0[v]',
      '-map', '[v]', '-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-profile:v', 'main', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an',
      video,
    ]);
    const frame = join(work, 'poster.png');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', video, '-frames:v', '1', frame]);
    await sharp(frame).webp({ quality: 78 }).toFile(home('aurora', 'stage-poster.webp'));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await stills();
await auroraVideo();
console.log('home imagery rendered');
