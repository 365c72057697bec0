export { profilePhotoAction as action, profilePhotoLoader as loader } from '#server/photo/photoScreens.server';
