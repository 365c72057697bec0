/** Small inline icons of the chat (no icon font). Decorative: the buttons carry the words. */
const svg = (size: number, children: React.ReactNode, fill = false) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
    fill={fill ? 'currentColor' : 'none'}
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {children}
  </svg>
);

export const HeartIcon = ({ size = 14, filled = false }: { size?: number; filled?: boolean }) =>
  svg(size, <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />, filled);

export const ReplyIcon = ({ size = 14 }: { size?: number }) =>
  svg(
    size,
    <>
      <polyline points="9 17 4 12 9 7" />
      <path d="M20 18v-2a4 4 0 0 0-4-4H4" />
    </>,
  );

export const MoreIcon = ({ size = 16 }: { size?: number }) =>
  svg(
    size,
    <>
      <circle cx="12" cy="12" r="1" />
      <circle cx="19" cy="12" r="1" />
      <circle cx="5" cy="12" r="1" />
    </>,
  );

export const PaperclipIcon = ({ size = 16 }: { size?: number }) =>
  svg(size, <path d="m21.44 11.05-9.19 9.19a6 6 0 0 1-8.49-8.49l8.57-8.57A4 4 0 1 1 18 8.84l-8.59 8.57a2 2 0 0 1-2.83-2.83l8.49-8.48" />);

export const SendIcon = ({ size = 16 }: { size?: number }) =>
  svg(
    size,
    <>
      <path d="m22 2-7 20-4-9-9-4Z" />
      <path d="M22 2 11 13" />
    </>,
  );

export const LockIcon = ({ size = 12 }: { size?: number }) =>
  svg(
    size,
    <>
      <rect width="18" height="11" x="3" y="11" rx="2" ry="2" />
      <path d="M7 11V7a5 5 0 0 1 10 0v4" />
    </>,
  );

export const FileIcon = ({ size = 14 }: { size?: number }) =>
  svg(
    size,
    <>
      <path d="M15 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7Z" />
      <path d="M14 2v4a2 2 0 0 0 2 2h4" />
    </>,
  );

export const CloseIcon = ({ size = 14 }: { size?: number }) =>
  svg(
    size,
    <>
      <path d="M18 6 6 18" />
      <path d="m6 6 12 12" />
    </>,
  );

export const ArrowDownIcon = ({ size = 14 }: { size?: number }) =>
  svg(
    size,
    <>
      <path d="M12 5v14" />
      <path d="m19 12-7 7-7-7" />
    </>,
  );

export const UpvoteIcon = ({ size = 14, filled = false }: { size?: number; filled?: boolean }) => svg(size, <path d="M12 4 4 14h5v6h6v-6h5L12 4Z" />, filled);
