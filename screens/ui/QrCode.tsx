/** A QR code drawn in the page from its text (the `qrcode` package), as an image with a text alternative. */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

export function useQrImage(text: string | null): string | null {
  const [image, setImage] = useState<{ text: string; url: string } | null>(null);
  useEffect(() => {
    if (!text) return;
    let live = true;
    void QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((svg) => {
      if (live) setImage({ text, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
    });
    return () => { live = false; };
  }, [text]);
  return image && image.text === text ? image.url : null;
}

export function QrCode({ text, alt, size = 200 }: { text: string; alt: string; size?: number }) {
  const url = useQrImage(text);
  return (
    <div className="flex items-center justify-center rounded-xl bg-white p-2 ring-1 ring-slate-200" style={{ width: size, height: size }}>
      {url ? <img src={url} alt={alt} width={size - 16} height={size - 16} /> : <span className="h-8 w-8 animate-spin rounded-full border-4 border-blue-200 border-t-blue-700" aria-hidden="true" />}
    </div>
  );
}
