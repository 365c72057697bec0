export { profilePhotoAction as action, profilePhotoLoader as loader } from '#server/media/photo/photoScreens.server';
