/** ID photos and other customer images: intake by content (intake.ts) and encryption at rest (seal.ts). */
export { intakeJpeg, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, type ImageIntake, type ImageRefusal } from './intake';
export { imageKeyFrom, openImage, sealImage } from './seal';
export { openSealed, sealUpload, type SealedImage } from './store';
